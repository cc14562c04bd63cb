/**
 * The container files, checked where Docker is not (this machine, CI): docker build and
 * docker compose config cannot run here, so what they would catch, and what a reviewer
 * (or hadolint) looks for, is checked from the files themselves (issue 15).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { settingsSchema } from '../apps/api/src/config/settings';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
function instructions(text: string): { op: string; args: string }[] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

describe('Dockerfile', () => {
  const steps = instructions(read('Dockerfile'));
  const stages = steps.reduce<{ op: string; args: string }[][]>((all, step) => {
    if (step.op === 'FROM') all.push([]);
    all.at(-1)?.push(step);
    return all;
  }, []);
  const runtime = stages.at(-1) ?? [];

  it('builds in one stage and runs from another, on pinned Node 22 LTS images', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) {
      const image = stage[0]!.args.split(/\s+/)[0]!;
      // Node 20 ended its life in April 2026; the AWS SDK in use announces Node 22 from January 2027.
      expect(image, 'a base image with a version, never latest').toMatch(/^node:22[\w.-]*$/);
    }
    // The image runs a Node the project supports; package.json keeps ">=20.19" (a project rule).
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe('>=20.19');
    // The site, its server renderer and the API bundle come from the build stage.
    for (const built of ['apps/api/dist', 'apps/web/dist', 'apps/web/dist-server']) {
      expect(
        runtime.some((s) => s.op === 'COPY' && s.args.startsWith('--from=build') && s.args.includes(built)),
      ).toBe(true);
    }
  });

  it('installs production dependencies only in the image that runs, as a user without rights', () => {
    const installs = runtime.filter((s) => s.op === 'RUN' && s.args.includes('npm ci'));
    expect(installs.length).toBe(1);
    expect(installs[0]!.args).toContain('--omit=dev');
    const user = runtime.filter((s) => s.op === 'USER').at(-1);
    expect(user?.args).toBeDefined();
    expect(user!.args).not.toMatch(/^(root|0)(:|$)/);
    // Nothing is fetched from the network by ADD, and nothing runs through a shell it does not need.
    expect(steps.some((s) => s.op === 'ADD')).toBe(false);
    const cmd = runtime.find((s) => s.op === 'CMD');
    expect(() => JSON.parse(cmd!.args) as unknown).not.toThrow();
  });

  it('says whether the process is alive, with the route that answers it', () => {
    const check = runtime.find((s) => s.op === 'HEALTHCHECK');
    expect(check?.args).toMatch(/--interval=\d+s .*CMD \[/);
    expect(check!.args).toContain('/api/v1/health');
    expect(read('apps/api/src/modules/health/health.routes.ts')).toContain("'/health'");
  });

  it('copies every workspace manifest the lock file needs, and leaves out what must not ship', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const stage of stages)
      for (const workspace of workspaces)
        expect(stage.some((s) => s.op === 'COPY' && s.args.startsWith(`${workspace}/package.json`))).toBe(
          true,
        );
    const ignored = read('.dockerignore').split('\n');
    for (const path of ['**/node_modules', '.env', 'data', '**/dist']) expect(ignored).toContain(path);
  });
});

describe('compose.yaml', () => {
  type Service = {
    build?: string;
    image?: string;
    environment?: Record<string, string>;
    volumes?: string[];
    depends_on?: Record<string, unknown> | string[];
  };
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const services = compose.services;
  const apps = Object.entries(services).filter(([, s]) => s.build === '.');

  it('runs two instances of the image behind nginx, with PostgreSQL, Redis and an S3-compatible store', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(services.nginx?.image).toMatch(/^nginx:/);
    expect(services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(services.redis?.image).toMatch(/^redis:\d+/);
    expect(services.minio?.image).toMatch(/^minio\//);
  });

  it("gives the instances settings the app accepts, naming nothing it doesn't know", () => {
    for (const [name, app] of apps) {
      const env = Object.fromEntries(
        Object.entries(app.environment ?? {}).map(([key, value]) => [
          key,
          // ${VAR:?message} must be given by whoever starts it; ${VAR:-default} falls back.
          String(value)
            .replace(/\$\{\w+:\?[^}]*\}/g, 'x'.repeat(40))
            .replace(/\$\{\w+:-([^}]*)\}/g, '$1'),
        ]),
      );
      for (const key of Object.keys(env))
        expect(Object.keys(settingsSchema.shape), `${name}: ${key}`).toContain(key);
      const parsed = settingsSchema.safeParse({ ...env, NODE_ENV: 'production' });
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      for (const needed of [
        'DATABASE_URL',
        'REDIS_URL',
        'S3_BUCKET',
        'S3_ENDPOINT',
        'SESSION_SECRET',
        'TRUST_PROXY',
      ])
        expect(env[needed], `${name}: ${needed}`).toBeTruthy();
    }
  });

  it('points nginx at both instances, in a whole configuration nginx itself accepts', () => {
    const [mount = '', target] = services.nginx?.volumes?.[0]?.split(':') ?? [];
    // The image's own nginx.conf sets worker_connections 1024: a conf.d snippet would keep it.
    expect(target).toBe('/etc/nginx/nginx.conf');
    const conf = read(mount.replace(/^\.\//, ''));
    const port = settingsSchema.shape.PORT.parse(apps[0]![1].environment?.PORT);
    for (const [name] of apps) expect(conf).toContain(`server ${name}:${port} `);
    // 2,000 simultaneous visitors through one worker: 4,000 connections (issue 31).
    const connections = /events\s*\{[^}]*worker_connections\s+(\d+);/.exec(conf)?.[1];
    expect(Number(connections)).toBeGreaterThanOrEqual(4096);
    const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((bin) => existsSync(bin));
    if (!nginx) return;
    // The file itself, with what only the image has swapped for this machine's: the instances'
    // names (compose's network resolves them), the image's user, and the paths it writes to.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'siam-nginx-'));
    const here = conf
      .replace(/server app\d+:/g, 'server 127.0.0.1:')
      .replace(/^user \w+;$/m, '')
      .replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`)
      .replace(/^error_log .*;$/m, `error_log ${dir}/error.log;`)
      .replace(/^(\s*)access_log .*;$/m, '$1access_log off;')
      .replace(/^http \{$/m, `http {\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};`);
    writeFileSync(path.join(dir, 'nginx.conf'), here);
    expect(() =>
      execFileSync(nginx, ['-t', '-q', '-p', dir, '-c', path.join(dir, 'nginx.conf')]),
    ).not.toThrow();
  });
});
