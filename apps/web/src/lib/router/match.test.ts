import { describe, expect, it } from 'vitest';
import { matchRoutes, type Route } from './match';

const page = (name: string) => name;
const routes: Route[] = [
  { path: '/status', element: page('status') },
  {
    element: page('layout'),
    children: [
      { path: '/', element: page('home') },
      { path: '/product', element: page('catalogue') },
      { path: '/product/:id', element: page('dynamic') },
      { path: '/product/new', element: page('new') },
      { path: '/detail/:id(number)', element: page('detail') },
      { path: '/t/:token/order/:id', element: page('guest order') },
      { path: '*', element: page('not found') },
    ],
  },
];
const drawn = (pathname: string) => matchRoutes(routes, pathname)?.routes.map((route) => route.element);

describe('matchRoutes', () => {
  it('draws a page inside its layout, and a page of its own without one', () => {
    expect(drawn('/')).toEqual(['layout', 'home']);
    expect(drawn('/product')).toEqual(['layout', 'catalogue']);
    expect(drawn('/status')).toEqual(['status']);
  });

  it('prefers a written segment to a :name whatever their order, and takes the values of the others, decoded', () => {
    expect(drawn('/product/new')).toEqual(['layout', 'new']);
    expect(matchRoutes(routes, '/product/42')?.params).toEqual({ id: '42' });
    expect(matchRoutes(routes, '/t/a%20b/order/7')?.params).toEqual({ token: 'a b', id: '7' });
  });

  it('reads an address as people type it: any case, a trailing or doubled slash', () => {
    expect(drawn('/PRODUCT/')).toEqual(['layout', 'catalogue']);
    expect(drawn('//product')).toEqual(['layout', 'catalogue']);
  });

  it('leaves the rest to `*`, bad percent-encoding included, and a :name never spans two segments', () => {
    expect(matchRoutes(routes, '/no/such/page')?.params).toEqual({ '*': 'no/such/page' });
    expect(drawn('/product/1/2')).toEqual(['layout', 'not found']);
    expect(matchRoutes(routes, '/product/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it('takes a :name(number) only as a whole number from 1: any other segment is no such page', () => {
    expect(matchRoutes(routes, '/detail/12')?.params).toEqual({ id: '12' });
    for (const id of ['0', '012', '-1', '1.5', '1e3', 'abc', '__proto__', '99999999999999999999']) {
      expect(drawn(`/detail/${id}`)).toEqual(['layout', 'not found']);
    }
  });

  it('answers nothing when no route has the address', () => {
    expect(matchRoutes([{ path: '/', element: null }], '/elsewhere')).toBeUndefined();
  });
});
