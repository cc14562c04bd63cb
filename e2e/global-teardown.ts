import { rmSync } from 'node:fs';

/** The run's database templates (e2e/seeded-data.mjs) go when the run ends; each is some 40 MB. */
export default function globalTeardown() {
  const templateDir = process.env.E2E_TEMPLATE_DIR;
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
