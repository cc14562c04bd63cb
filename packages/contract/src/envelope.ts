import { z } from 'zod';

/** The success envelope of every call whose shape the spec does not fix: `{status: true, response: {data}}`. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), response: z.object({ data }) });
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The listing envelope the spec shows: `{status, response: {data, pagination}}`. */
export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(true),
    response: z.object({ data: z.array(item), pagination: paginationSchema }),
  });
}
