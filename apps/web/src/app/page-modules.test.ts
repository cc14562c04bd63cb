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
      // framePages in router.tsx: `home: page(() => import('…')),`, or a name for a page
      // two routes share (`login: LoginPage,` with `const LoginPage = page(() => import('…'));`).
      const entry = new RegExp(`^  ${name}: (.+),$`, 'm').exec(routerSource)?.[1];
      expect(entry, `no entry for ${name} in framePages`).toBeDefined();
      const loader = /^\w+$/.test(entry!)
        ? new RegExp(`const ${entry} = (.+);`).exec(routerSource)?.[1]
        : entry;
      const importPath = `../${page!.module.replace(/^src\//, '').replace(/\.tsx$/, '')}`;
      expect(loader).toBe(`page(() => import('${importPath}'))`);
    },
  );
});
