import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.boolean(),
  /** /health/ready: what an operator should fix though the instance can serve (e.g. an unlisted proxy). */
  warnings: z.array(z.string()).optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
