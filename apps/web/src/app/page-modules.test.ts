import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitePaths } from '@siam/contract/site-routes';
import { pageModules } from './page-modules';

// The router's lazy imports must be string literals (the bundler splits on them), so
// the table the build reads for preload hints is kept in step by reading router.tsx.
const routerSource = readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');

describe('page modules', () => {
  it.each(Object.entries(pageModules))(
    '%s names the module router.tsx loads for that route',
    (name, page) => {
      const importPath = `../${page!.module.replace(/^src\//, '').replace(/\.tsx$/, '')}`;
      const route = new RegExp(
        `path: sitePaths\\.${name}, lazy: \\(\\) => import\\('${importPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}'\\)`,
      );
      expect(sitePaths).toHaveProperty(name);
      expect(routerSource).toMatch(route);
    },
  );
});
