import type { FastifyBaseLogger, FastifyLogFn, FastifyServerOptions } from 'fastify';

// Fastify gives every request a child of the server's logger bound to its id (`reqId`). pino
// serializes a child's bindings when it is made, through the redaction's wildcard paths
// (LOGGED_SECRET_HEADERS): 3.7 % of a menu request's CPU (docs/benchmarks.md#the-menus-cpu), paid by
// every request though at LOG_LEVEL=warn and above most write no line (Fastify's "incoming request"
// and "request completed" are info). So the child is made at the first line of an enabled level, from
// the same bindings and options: each line is what it was, with the request's id and the same redaction.

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** pino's logger, which the server's is (fastify-options.ts). */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

class RequestLogger implements FastifyBaseLogger {
  readonly #parent: Parent;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: Parent, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  /** The logger to write a line at this level to; none when the level is off, and then no child is made. */
  #at(level: Level): FastifyBaseLogger | undefined {
    return this.#child ?? (this.#parent.isLevelEnabled(level) ? this.#logger : undefined);
  }

  // Each takes what a pino call takes (an object or a message, then a message and its arguments).
  fatal(...args: Parameters<FastifyLogFn>) {
    this.#at('fatal')?.fatal(...args);
  }
  error(...args: Parameters<FastifyLogFn>) {
    this.#at('error')?.error(...args);
  }
  warn(...args: Parameters<FastifyLogFn>) {
    this.#at('warn')?.warn(...args);
  }
  info(...args: Parameters<FastifyLogFn>) {
    this.#at('info')?.info(...args);
  }
  debug(...args: Parameters<FastifyLogFn>) {
    this.#at('debug')?.debug(...args);
  }
  trace(...args: Parameters<FastifyLogFn>) {
    this.#at('trace')?.trace(...args);
  }
  silent() {}

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }

  /** A request's own level (`request.log.level = 'debug'`) needs its own child, as in pino. */
  set level(level: string) {
    this.#logger.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the request's logger, made on its first line. A route with a
 * level of its own (`logLevel`) gets its child at once, whose level decides what it writes.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level === undefined ? new RequestLogger(logger as Parent, bindings, options) : logger.child(bindings, options);
