import { afterAll, beforeAll, describe } from 'vitest';
import { startS3StandIn, type S3StandIn } from './s3-stand-in';

export type StorageKind = 'local' | 's3';

/**
 * Runs a describe block once per file storage: the local folder (DATA_DIR/uploads)
 * and an S3 bucket (s3rver, started here). `ctx.settings` are the settings that
 * choose it; both must pass the same tests (issue 15).
 */
export function describeEachStorage(
  name: string,
  body: (ctx: { readonly settings: Record<string, string>; kind: StorageKind }) => void,
) {
  for (const kind of ['local', 's3'] as const) {
    describe(`${name} [${kind} storage]`, () => {
      let standIn: S3StandIn | undefined;
      const ctx = {
        kind,
        get settings(): Record<string, string> {
          return standIn?.settings ?? {};
        },
      };
      beforeAll(async () => {
        if (kind === 's3') standIn = await startS3StandIn();
      });
      afterAll(async () => {
        await standIn?.close();
      });
      body(ctx);
    });
  }
}
