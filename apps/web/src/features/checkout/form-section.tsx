import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

/**
 * One section of the booking form. Given a `summary`, it is optional, and on a phone it folds to
 * its title and that one line (what is chosen), a tap unfolding it (docs/decisions/3520); it opens
 * by itself while a field in it is in error, so the error is seen and its field can take focus.
 * From `lg` up every section stays open: there is room for all of them beside the price.
 */
export function FormSection({
  title,
  summary,
  hasError = false,
  testId,
  children,
}: {
  title: string;
  summary?: string;
  hasError?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const foldable = summary !== undefined;
  const shown = !foldable || open || hasError;
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-800 sm:text-xl">
        {foldable ? (
          <>
            {/* A phone's toggle; from lg the section is always open and its title is plain text. */}
            <button
              type="button"
              className="flex min-h-11 w-full items-center justify-between gap-2 text-left lg:hidden"
              aria-expanded={shown}
              aria-controls={`${id}-body`}
              onClick={() => setOpen(!shown)}
            >
              {title}
              <ChevronDown aria-hidden="true" size={22} className={`shrink-0 ${shown ? 'rotate-180' : ''}`} />
            </button>
            <span className="hidden lg:inline">{title}</span>
          </>
        ) : (
          title
        )}
      </h2>
      {!shown && (
        <p className="text-slate-700 lg:hidden" data-testid="fold-summary">
          {summary}
        </p>
      )}
      <div id={`${id}-body`} className={shown ? 'mt-2 sm:mt-4' : 'hidden lg:mt-4 lg:block'}>
        {children}
      </div>
    </section>
  );
}
