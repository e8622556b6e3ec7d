import type { ReactNode } from 'react';

/** A route of the app: a page at a path, or a layout (no path) around its children. */
export interface Route {
  /**
   * Absolute (`/detail/:id(number)`): `:name` for a segment of the address, `:name(number)` for one
   * that is a whole number from 1 (an id: anything else is no such page), `*` for whatever is left.
   */
  path?: string;
  element: ReactNode;
  /** Drawn in place of this route (and what it holds) when drawing it throws. */
  errorElement?: ReactNode;
  children?: Route[];
}

export type Params = Readonly<Record<string, string>>;

/** The routes an address draws, outermost first, and the values of its `:name` segments. */
export interface Match {
  routes: readonly Route[];
  params: Params;
}

interface Branch {
  routes: Route[];
  segments: string[];
  splat: boolean;
  score: number;
}

// A static segment is surer than a `:name`, which is surer than `*`: `/product/new` wins over
// `/product/:x`, whatever the order the routes are written in (as React Router ranked them).
const STATIC = 10;
const DYNAMIC = 3;
const SPLAT = -2;

function branchesOf(routes: Route[], parents: Route[] = [], parentSegments: string[] = []): Branch[] {
  return routes.flatMap((route) => {
    const path = route.path ?? '';
    const segments = path.startsWith('/') ? splitPath(path) : [...parentSegments, ...splitPath(path)];
    const chain = [...parents, route];
    if (route.children) return branchesOf(route.children, chain, segments);
    const splat = segments.at(-1) === '*';
    const score = segments.reduce((sum, segment) => sum + (segment === '*' ? SPLAT : segment.startsWith(':') ? DYNAMIC : STATIC), 0);
    return [{ routes: chain, segments: splat ? segments.slice(0, -1) : segments, splat, score }];
  });
}

const splitPath = (path: string) => path.split('/').filter(Boolean);

const NUMBER_PARAM = '(number)';
const isWholeNumber = (segment: string) => /^[1-9]\d*$/.test(segment) && Number.isSafeInteger(Number(segment));

/** A part of an address decoded, or as typed when it is not valid percent-encoding (a stranger's address is bad input, not a crash). */
export function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const ranked = new WeakMap<Route[], Branch[]>();

/** What `pathname` draws, or undefined when no route has it. Static segments match whatever their case, as browsers' users type them. */
export function matchRoutes(routes: Route[], pathname: string): Match | undefined {
  let branches = ranked.get(routes);
  if (!branches) {
    branches = branchesOf(routes).sort((a, b) => b.score - a.score);
    ranked.set(routes, branches);
  }
  const segments = splitPath(pathname).map(decode);
  for (const branch of branches) {
    const params = paramsOf(branch, segments);
    if (params) return { routes: branch.routes, params };
  }
  return undefined;
}

function paramsOf(branch: Branch, segments: string[]): Params | undefined {
  if (branch.splat ? segments.length < branch.segments.length : segments.length !== branch.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, pattern] of branch.segments.entries()) {
    const segment = segments[index] as string;
    if (pattern.endsWith(NUMBER_PARAM)) {
      if (!isWholeNumber(segment)) return undefined;
      params[pattern.slice(1, -NUMBER_PARAM.length)] = segment;
    } else if (pattern.startsWith(':')) params[pattern.slice(1)] = segment;
    else if (pattern.toLowerCase() !== segment.toLowerCase()) return undefined;
  }
  if (branch.splat) params['*'] = segments.slice(branch.segments.length).join('/');
  return params;
}
