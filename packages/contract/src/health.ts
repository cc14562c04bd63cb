import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.boolean() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
