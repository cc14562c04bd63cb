import { useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { ApiError, apiRequest } from '../../lib/api-client';
import { useFormToken } from '../../lib/use-form-token';

/**
 * Sends a public form with its spam-trap fields (`website`, and the token the
 * server signed when the form was shown) and the page language, and maps the
 * server's field errors back onto the fields. Put `formRef` on the <form>.
 */
export function usePublicForm<T extends FieldValues>(path: string, setError: UseFormSetError<T>) {
  const { i18n } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const formToken = useFormToken(formRef);
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);

  const send = async (values: T & { website?: string }) => {
    setFormError(undefined);
    try {
      await apiRequest(path, {
        method: 'POST',
        body: { ...values, language: i18n.resolvedLanguage, formToken: await formToken.token() },
      });
      formToken.spent();
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.fieldErrors)
          setError(fieldError.path as Path<T>, { type: 'server', message: fieldError.message });
        setFormError(error.message);
      } else setFormError(String(error));
    }
  };
  return { send, formRef, formError, done, reset: () => setDone(false) };
}
