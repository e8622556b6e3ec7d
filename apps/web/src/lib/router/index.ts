export type { Location, NavigateOptions } from './history';
export { Link, type LinkProps, Navigate, NavLink, useNavigate, useSearchParams } from './links';
export { matchRoutes, type Route } from './match';
export { Outlet, Router, useLocation, useParams, useRouteError } from './router';
export { ScrollRestoration } from './scroll-restoration';
