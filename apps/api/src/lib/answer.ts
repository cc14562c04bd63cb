/** The success envelope every route answers with: `{ status: true, response: { data } }` (product spec). */
export const ok = <T>(data: T) => ({ status: true as const, response: { data } });
