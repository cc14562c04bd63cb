// `npm run dev`: the API on :3001 restarting on change, and Vite on :3000 with
// hot reload, proxying /api to the API. Open http://localhost:3000.
import { spawn } from 'node:child_process';

const run = (name, args, env = {}) => {
  const child = spawn('npm', args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`${name} stopped (${code})`);
    process.exit(code ?? 0);
  });
  return child;
};
const children = [
  run('api', ['run', 'dev', '-w', 'apps/api'], { PORT: '3001', NODE_ENV: 'development' }),
  run('web', ['run', 'dev', '-w', 'apps/web']),
];
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
