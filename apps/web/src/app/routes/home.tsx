import { formatIDR, LANDING } from '@kopi/shared';
import { CupIcon } from '../../components/layout/brand';
import { ButtonLink } from '../../components/ui/button';
import { SHOP_HOURS } from '../../lib/shop-hours';
import { SHOP_NAME } from '../../lib/shop-name';

// docs/shop-rules.md#landing-figures: the landing page's sample favourites (names are ours; the spec gives only the prices).
const [hazelnutPrice, pinkyPrice, wingsPrice] = LANDING.favouritePrices;
const FAVOURITES = [
  { name: 'Hazelnut Latte', notes: ['Hazelnut syrup', 'Steamed milk', 'Double espresso'], colour: 'text-roast', price: hazelnutPrice },
  { name: 'Pinky Promise', notes: ['Strawberry milk', 'Vanilla cream', 'Crushed ice'], colour: 'text-berry', price: pinkyPrice },
  { name: 'Chicken Wings', notes: ['Crispy skin', 'Sweet chili glaze', 'Sesame'], colour: 'text-caramel', price: wingsPrice },
] as const;

const FIGURES = [
  { value: LANDING.staff, label: 'Staff' },
  { value: LANDING.stores, label: 'Stores' },
  { value: LANDING.customers, label: 'Customers' },
] as const;

export function HomePage() {
  return (
    <div className="space-y-16">
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-espresso via-roast to-caramel px-6 py-14 text-crema shadow-xl sm:px-12">
        <div className="grid items-center gap-10 md:grid-cols-[3fr_2fr]">
          <div>
            <p className="font-semibold tracking-widest text-honey uppercase">{SHOP_NAME}</p>
            <h1 className="mt-3 text-4xl leading-tight font-bold sm:text-5xl">Start your day with coffee and good meals</h1>
            <p className="mt-5 max-w-xl text-lg text-crema/90">
              We provide high quality beans, good taste and healthy meals made with love, just for you. Order now, pick it up or have it
              delivered {SHOP_HOURS}.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/product">See the menu</ButtonLink>
              <ButtonLink to="/signup" variant="ghost">
                Get your member card
              </ButtonLink>
            </div>
          </div>
          <CupIcon className="mx-auto hidden size-56 text-crema md:block" />
        </div>
      </section>

      <section
        aria-label="Our shop in figures"
        className="grid grid-cols-3 divide-x divide-roast/15 rounded-2xl bg-white p-6 text-center shadow-sm"
      >
        {FIGURES.map((figure) => (
          <div key={figure.label} className="px-2">
            <p className="font-display text-3xl font-bold text-caramel-dark sm:text-4xl">{figure.value}</p>
            <p className="mt-1 text-sm font-semibold tracking-wide text-roast uppercase">{figure.label}</p>
          </div>
        ))}
      </section>

      <section>
        <h2 className="text-center text-3xl font-bold">Here is people's favourite</h2>
        <p className="mt-2 text-center text-roast">Let's choose and have a bit taste of people's favourite. It might be yours too!</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FAVOURITES.map((item) => (
            <li key={item.name} className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm">
              <span className={`flex size-28 items-center justify-center rounded-full bg-crema ${item.colour}`}>
                <CupIcon className="size-16" />
              </span>
              <h3 className="mt-4 text-xl font-bold">{item.name}</h3>
              <ul className="mt-3 space-y-1 text-sm text-roast">
                {item.notes.map((note) => (
                  <li key={note}>✓ {note}</li>
                ))}
              </ul>
              <p className="mt-auto pt-6 font-display text-2xl font-bold">{formatIDR(item.price)}</p>
              <ButtonLink to="/product" variant="ghost" className="mt-4">
                Order now
              </ButtonLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col items-start gap-6 rounded-3xl bg-crema p-8 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold">Get your member card now!</h2>
          <p className="mt-2 text-roast">
            Let's join with our member and enjoy the deals. Free member card with a minimum purchase of{' '}
            <strong>{formatIDR(LANDING.memberCardMinimum)}</strong>.
          </p>
        </div>
        <ButtonLink to="/signup">Sign up</ButtonLink>
      </section>
    </div>
  );
}
