// A transaction's Db refuses statements once the transaction has committed or rolled back.
//
// Why: a statement its caller did not await inside the transaction callback would otherwise still
// run, after COMMIT or ROLLBACK, on the transaction's connection. On PostgreSQL and MariaDB that
// connection is back in the pool by then, so the statement runs outside any transaction or, worse,
// inside another request's; on SQLite it runs on the writer, inside whichever transaction holds the
// writer next. Refusing it turns a silent integrity hazard into an error at the call that is late.

/** The error a statement issued on an ended transaction rejects with. */
export class TransactionEndedError extends Error {
  constructor() {
    super('this transaction has already committed or rolled back: await every statement inside the transaction callback');
    this.name = 'TransactionEndedError';
  }
}

/** Whether statements may still run; the owning driver calls `end()` when it issues COMMIT or ROLLBACK. */
export class TransactionState {
  private ended = false;

  end(): void {
    this.ended = true;
  }

  /** Throws TransactionEndedError after `end()`. */
  check(): void {
    if (this.ended) throw new TransactionEndedError();
  }
}
