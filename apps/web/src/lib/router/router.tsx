import { Component, createContext, type ReactNode, startTransition, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { browserLocation, type Location, listen, locationOf } from './history';
import { type Match, matchRoutes, type Params, type Route } from './match';

// The app's router (docs/decisions/own-router.md): the address picks a chain of routes, a layout
// and its page; the browser's history moves it. What React Router did for these pages, in a tenth
// of the bytes every first load paid for it.

const LocationContext = createContext<Location | null>(null);
const ParamsContext = createContext<Params>({});
const OutletContext = createContext<ReactNode>(null);
const ErrorContext = createContext<unknown>(undefined);

/**
 * Draws the page at the browser's address, and each address the app moves to after it; on the
 * server, the page at `url` (entry-server.tsx), the same tree the browser then hydrates.
 */
export function Router({ routes, url }: { routes: Route[]; url?: string }) {
  const [location, setLocation] = useState(() => (url ? locationOf(new URL(url, 'http://first.view'), null) : browserLocation()));
  useLayoutEffect(() => {
    const stop = listen((next, options) => {
      // Drawn at once when the caller needs the new page before it goes on (Logout). Otherwise a
      // transition, which under React DOM kept the page on screen while the next one's code came;
      // under Preact the layout's spinner shows meanwhile (docs/decisions/preact-runtime.md).
      if (options.flushSync) flushSync(() => setLocation(next));
      else startTransition(() => setLocation(next));
    });
    // The address may have changed between the first render and now (Back pressed during the take-over).
    setLocation(browserLocation());
    return stop;
  }, []);
  const match = useMemo(() => matchRoutes(routes, location.pathname), [routes, location.pathname]);
  return <LocationContext value={location}>{match ? drawn(match, location) : null}</LocationContext>;
}

/** Each route holds the next in its `<Outlet />`; one with an errorElement catches what its part throws. */
function drawn(match: Match, location: Location): ReactNode {
  let outlet: ReactNode = null;
  for (const route of [...match.routes].reverse()) {
    let element: ReactNode = <OutletContext value={outlet}>{route.element}</OutletContext>;
    if (route.errorElement) {
      element = (
        <RouteErrorBoundary location={location} fallback={route.errorElement}>
          {element}
        </RouteErrorBoundary>
      );
    }
    outlet = element;
  }
  return <ParamsContext value={match.params}>{outlet}</ParamsContext>;
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  caught: { error: unknown } | null;
  location: Location;
}

/** A page that throws (its code could not be fetched, a bug) shows its route's error screen; moving elsewhere tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  render() {
    const { caught } = this.state;
    return caught ? <ErrorContext value={caught.error}>{this.props.fallback}</ErrorContext> : this.props.children;
  }
}

/** Where the layout draws its page. */
export function Outlet() {
  return useContext(OutletContext);
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation is used outside the <Router>');
  return location;
}

/** The values of the address's `:name` segments. */
export function useParams(): Params {
  return useContext(ParamsContext);
}

/** What the page the error screen stands in for threw. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}
