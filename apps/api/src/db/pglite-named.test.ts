import { PGlite, types } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { namedInTransactions, namedStatementClient, rememberTransaction } from './pglite-named';

/** Decision 055: a hot read on PGlite runs as a statement parsed once, under its own name. */
describe('namedStatementClient', () => {
  let pglite: PGlite;
  const text =
    'select id, at, day, info, n from things where id = $1 or $2::text is null order by id';

  beforeEach(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`
      create table things (id int primary key, at timestamptz, day date, info jsonb, n numeric);
      insert into things values
        (1, '2026-03-10T12:00:00Z', '2026-03-10', '{"a": [1, 2]}', 1.5),
        (2, null, null, null, null);
    `);
  });
  afterEach(() => pglite.close());

  it('answers what PGlite’s own query answers, in both row modes, with null parameters', async () => {
    const named = namedStatementClient(pglite);
    for (const rowMode of ['array', 'object'] as const) {
      for (const params of [
        [1, 'x'],
        [3, null],
        [2, 'y'],
      ]) {
        const own = await pglite.query(text, params, { rowMode });
        const answer = await named.query(text, params, { rowMode });
        expect(answer.rows).toEqual(own.rows);
        expect(answer.fields).toEqual(own.fields);
      }
    }
  });

  it('applies a call’s own parsers over PGlite’s, as Drizzle passes them, call after call', async () => {
    const named = namedStatementClient(pglite);
    const drizzleLike = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
    };
    for (let call = 0; call < 2; call += 1) {
      const { rows } = await named.query<unknown[]>(text, [1, 'x'], drizzleLike);
      expect(rows[0]![1]).toBe('2026-03-10 12:00:00+00');
      expect(rows[0]![3]).toEqual({ a: [1, 2] });
    }
    const { rows } = await named.query<{ at: unknown }>(text, [1, 'x']);
    expect(rows[0]!.at).toEqual(new Date('2026-03-10T12:00:00Z'));
  });

  it('parses the statement once: PostgreSQL keeps it under its name and plans from it', async () => {
    const named = namedStatementClient(pglite);
    for (let call = 0; call < 8; call += 1) await named.query(text, [1, 'x']);
    const { rows } = await pglite.query<{ statement: string; plans: number }>(
      `select statement, generic_plans + custom_plans as plans
       from pg_prepared_statements where name like 'wellspring_%'`,
    );
    expect(rows).toEqual([{ statement: text, plans: 8 }]);
  });

  it('fails a call the database refuses, and the next calls work', async () => {
    const named = namedStatementClient(pglite);
    await expect(named.query(text, ['not a number', 'x'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await named.query(text, [1, 'x'])).rows).toHaveLength(1);
    expect((await pglite.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('describes the statement again when a migration changes what it answers', async () => {
    const named = namedStatementClient(pglite);
    await named.query(text, [1, 'x']);
    await pglite.exec('alter table things alter column n type int using n::int');
    const { rows } = await named.query<{ n: number }>(text, [1, 'x']);
    expect(rows[0]!.n).toBe(2);
  });

  it('waits for a transaction in progress and never reads its uncommitted rows', async () => {
    const named = namedStatementClient(pglite);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query('delete from things');
      await held;
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const read = named.query(text, [1, 'x']);
    release();
    await transaction;
    expect((await read).rows).toHaveLength(1);
  });

  it('sends any other text to PGlite’s own query', async () => {
    const named = namedStatementClient(pglite);
    await named.query(text, [1, 'x']);
    expect((await named.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  describe('in a write transaction', () => {
    const insert = 'insert into things (id, n) values ($1, $2) returning id, n';

    it('runs on the transaction, sees its writes, and is parsed once for every transaction', async () => {
      const clientOf = namedInTransactions();
      for (const id of [10, 11, 12]) {
        await pglite.transaction(async (tx) => {
          rememberTransaction(tx, pglite);
          const client = clientOf(tx) as typeof tx;
          expect(client).not.toBe(tx);
          const { rows } = await client.query(insert, [id, 2.5]);
          expect(rows).toEqual([{ id, n: '2.5' }]);
          expect((await tx.query('select count(*)::int as n from things')).rows).toEqual([
            { n: id - 7 },
          ]);
          if (id === 12) await tx.rollback();
        });
      }
      expect((await pglite.query('select id from things order by id')).rows).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 10 },
        { id: 11 },
      ]);
      const { rows } = await pglite.query<{ plans: number }>(
        `select generic_plans + custom_plans as plans from pg_prepared_statements
         where statement = $1`,
        [insert],
      );
      expect(rows).toEqual([{ plans: 3 }]);
    });

    it('refuses a closed transaction, and leaves a transaction opened elsewhere as it is', async () => {
      const clientOf = namedInTransactions();
      let closed: object | undefined;
      await pglite.transaction(async (tx) => {
        rememberTransaction(tx, pglite);
        closed = clientOf(tx);
      });
      await expect((closed as PGlite).query(insert, [13, 1])).rejects.toThrow(
        'Transaction is closed',
      );
      await pglite.transaction(async (tx) => expect(clientOf(tx)).toBe(tx));
    });
  });
});
