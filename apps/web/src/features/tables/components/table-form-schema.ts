// The add-table form's schema, in a module of its own: the tables page fetches it (and zod with it) on
// the first Add, not with the page (docs/architecture.md#tests-and-targets: the first load's budget of gzipped JavaScript).
export { CreateTableSchema } from '@kopi/shared';
