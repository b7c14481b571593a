import {
  parse,
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { timeQueries } from '../lib/metrics';

/*
 * Named statements on PGlite (issue 18, decision 055). PGlite's `query` sends every statement as
 * an unnamed one in six calls into the database (Parse, Describe, Bind, Describe, Execute, Sync),
 * so PostgreSQL parses and plans it each time: half of each statement's time (decision 053). A
 * hot read runs here instead: Parse and Describe once per database under a name of its own, then
 * Bind, Execute and Sync in one call, the row description kept from the first Describe. The locks
 * are PGlite's own, taken as its `query` takes them (no statement runs inside another's
 * transaction), and the files are synced after each, as `query` does outside a transaction.
 */

type QueryClient = Pick<PGlite, 'query'>;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Described {
  parameterTypes: number[];
  /** The RowDescription, or nothing for a statement that answers no rows. */
  rowDescription: BackendMessage[];
}

let statementCount = 0;

/** PostgreSQL's error when a schema change alters what a named statement answers. */
const CACHED_PLAN_CHANGED = '0A000';

/**
 * PGlite's parsers with a call's own over them, merged once per options object: `parseResults`
 * spreads both into a new object on every call (some 200 entries, with the array types), which was
 * 15.6 % of GET /user's profile on PGlite. Drizzle passes the same options object each time.
 */
type Parsers = Parameters<typeof parse.parseResults>[1];
const mergedParsers = new WeakMap<QueryOptions, { parsers: Parsers; rest: QueryOptions }>();

function parsersOf(pglite: PGlite, options: QueryOptions | undefined) {
  if (!options?.parsers) return { parsers: pglite.parsers, rest: options };
  let merged = mergedParsers.get(options);
  if (!merged) {
    const { parsers, ...rest } = options;
    merged = { parsers: { ...pglite.parsers, ...parsers }, rest };
    mergedParsers.set(options, merged);
  }
  return merged;
}

/** One statement's name, its text and what its first Describe answered, on one database. */
class NamedStatement {
  readonly name = `wellspring_${(statementCount += 1)}`;
  text: string | undefined;
  described: Described | undefined;

  /** Runs the statement (naming it on first use) with PGlite's query lock held by the caller. */
  async run<T>(pglite: PGlite, text: string, params: unknown[], options?: QueryOptions) {
    const { name } = this;
    if (!this.described) {
      const messages = await pglite.execProtocolStream(
        Buffer.concat([
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      this.described = {
        parameterTypes: parse.parseDescribeStatementResults(messages),
        rowDescription: messages.filter((message) => message.name === 'rowDescription'),
      };
      this.text = text;
    }
    const { parameterTypes, rowDescription } = this.described;
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const oid = parameterTypes[index]!;
      const serialize = options?.serializers?.[oid] ?? pglite.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await pglite.execProtocolStream(
      Buffer.concat([
        protocol.serialize.bind({ statement: name, values: values as string[] }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const { parsers, rest } = parsersOf(pglite, options);
    return parse.parseResults([...rowDescription, ...messages], parsers, rest)[0] as Results<T>;
  }

  /** Forgets the statement, for a migration that changed what it answers. */
  async forget(pglite: PGlite): Promise<void> {
    await pglite.execProtocolStream(
      Buffer.concat([
        protocol.serialize.close({ type: 'S', name: this.name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    this.described = undefined;
  }
}

/**
 * A stand-in for PGlite's `query`, outside a transaction, that runs one SQL text as a statement
 * named on first use. Any other text (which a Drizzle statement never sends) goes to PGlite's own
 * `query`.
 */
export function namedStatementClient(pglite: PGlite): QueryClient {
  const statement = new NamedStatement();
  function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (statement.text !== undefined && text !== statement.text) {
      return pglite.query<T>(text, params, options);
    }
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let answer: Results<T>;
        try {
          answer = await statement.run<T>(pglite, text, params, options);
        } catch (error) {
          // A migration changed what the statement answers: describe it again, once.
          if ((error as { code?: string }).code !== CACHED_PLAN_CHANGED) throw error;
          await statement.forget(pglite);
          answer = await statement.run<T>(pglite, text, params, options);
        }
        // As PGlite's `query` does outside a transaction.
        await pglite.syncToFs();
        return answer;
      }),
    );
  }
  // Timed for /metrics as PGlite's own `query` is (client.ts).
  return { query: timeQueries(query as never) };
}

/** The database of each PGlite transaction that client.ts opened, for `namedInTransaction`. */
const databaseOfTransaction = new WeakMap<Transaction, PGlite>();

/** Called by client.ts as each PGlite transaction starts. */
export function rememberTransaction(tx: Transaction, pglite: PGlite): void {
  databaseOfTransaction.set(tx, pglite);
}

/**
 * The statements of a write transaction (auth-sessions.repository's `preparedPerTransaction`):
 * for each statement, one name per database, and for each transaction a stand-in for its `query`
 * that runs it under that name. PGlite's transaction already holds its transaction lock, so only
 * the query lock is taken, and the files are synced at COMMIT, as PGlite does.
 */
export function namedInTransactions(): (client: object) => object {
  const statement = new NamedStatement();
  return (client) => {
    const tx = client as Transaction;
    const pglite = databaseOfTransaction.get(tx);
    // A PostgreSQL connection, or a PGlite transaction opened elsewhere than client.ts: as it is.
    if (!pglite) return client;
    function query<T>(
      text: string,
      params: unknown[] = [],
      options?: QueryOptions,
    ): Promise<Results<T>> {
      if (tx.closed) return Promise.reject(new Error('Transaction is closed'));
      if (statement.text !== undefined && text !== statement.text) {
        return tx.query<T>(text, params, options);
      }
      return pglite!._runExclusiveQuery(() => statement.run<T>(pglite!, text, params, options));
    }
    return { query: timeQueries(query as never) };
  };
}
