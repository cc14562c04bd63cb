import pg from 'pg';

/**
 * When TEST_DATABASE_URL is set, the suite also runs on that PostgreSQL.
 * Each test file works in a schema of its own (test/databases.ts); the
 * btree_gist extension is database-wide, so it is made once here, in public.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public');
    // Schemas left behind by an interrupted run (named test_<epoch seconds>_<random>);
    // recent ones may belong to a run going on beside this one.
    const { rows } = await client.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname ~ '^test_[0-9]+_'",
    );
    const cutoff = Date.now() / 1000 - 2 * 3600;
    for (const { nspname } of rows)
      if (Number(nspname.split('_')[1]) < cutoff)
        await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
}
