export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>` (trust auth); append `/<database>`. */
  url: string;
  stop(): Promise<void>;
  /** The same, blocking: for a process 'exit' handler. */
  stopSync(): void;
  /** Creates a database in the cluster and returns its URL. */
  createDatabase(name: string): Promise<string>;
}

/**
 * Starts a throw-away PostgreSQL 15+ cluster from Debian's packages (initdb + pg_ctl in a
 * temp dir, a free port, its socket in that dir), or returns null when none is installed.
 * `fast` turns off fsync (tests); without it the server is durable like production (benchmarks).
 */
export function startPostgresCluster(options?: { fast?: boolean }): Promise<PostgresCluster | null>;
