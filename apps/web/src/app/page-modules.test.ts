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
      expect(sitePaths).toHaveProperty(name);
      // <Route path={sitePaths.home} element={<HomePage />} /> and const HomePage = page(() => import('…'));
      const element = new RegExp(`path=\\{sitePaths\\.${name}\\} element=\\{<(\\w+) />\\}`).exec(
        routerSource,
      )?.[1];
      expect(element, `no <Route> for sitePaths.${name}`).toBeDefined();
      const importPath = `../${page!.module.replace(/^src\//, '').replace(/\.tsx$/, '')}`;
      expect(routerSource).toContain(`const ${element} = page(() => import('${importPath}'));`);
    },
  );
});
