import { formatIDR, LANDING } from '@kopi/shared';
import { CupIcon } from '../../components/layout/brand';
import { ButtonLink } from '../../components/ui/button';
import { type MessageKey, useT } from '../../lib/i18n';
import { useShopHours } from '../../lib/shop-hours';
import { shopName } from '../../lib/shop-name';

// docs/shop-rules.md#landing-figures: the landing page's sample favourites (names are ours; the spec gives only the prices).
const [hazelnutPrice, pinkyPrice, wingsPrice] = LANDING.favouritePrices;
const FAVOURITES = [
  {
    name: 'Hazelnut Latte',
    notes: ['home.note.hazelnutSyrup', 'home.note.steamedMilk', 'home.note.doubleEspresso'],
    colour: 'text-roast',
    price: hazelnutPrice,
  },
  {
    name: 'Pinky Promise',
    notes: ['home.note.strawberryMilk', 'home.note.vanillaCream', 'home.note.crushedIce'],
    colour: 'text-berry',
    price: pinkyPrice,
  },
  {
    name: 'Chicken Wings',
    notes: ['home.note.crispySkin', 'home.note.chiliGlaze', 'home.note.sesame'],
    colour: 'text-caramel',
    price: wingsPrice,
  },
] as const satisfies readonly { name: string; notes: readonly MessageKey[]; colour: string; price: number }[];

const FIGURES = [
  { value: LANDING.staff, label: 'home.staff' },
  { value: LANDING.stores, label: 'home.stores' },
  { value: LANDING.customers, label: 'home.customers' },
] as const satisfies readonly { value: string; label: MessageKey }[];

export function HomePage() {
  const t = useT();
  const hours = useShopHours();
  return (
    <div className="space-y-16">
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-espresso via-roast to-caramel px-6 py-14 text-crema shadow-xl sm:px-12">
        <div className="grid items-center gap-10 md:grid-cols-[3fr_2fr]">
          <div>
            <p className="font-semibold tracking-widest text-honey uppercase">{shopName()}</p>
            <h1 className="mt-3 text-4xl leading-tight font-bold sm:text-5xl">{t('home.heading')}</h1>
            <p className="mt-5 max-w-xl text-lg text-crema/90">{t('home.intro', { hours })}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/product">{t('home.seeMenu')}</ButtonLink>
              <ButtonLink to="/signup" variant="ghost">
                {t('home.getCard')}
              </ButtonLink>
            </div>
          </div>
          <CupIcon className="mx-auto hidden size-56 text-crema md:block" />
        </div>
      </section>

      <section
        aria-label={t('home.figures')}
        className="grid grid-cols-3 divide-x divide-roast/15 rounded-2xl bg-white p-6 text-center shadow-sm"
      >
        {FIGURES.map((figure) => (
          <div key={figure.label} className="px-2">
            <p className="font-display text-3xl font-bold text-caramel-dark sm:text-4xl">{figure.value}</p>
            <p className="mt-1 text-sm font-semibold tracking-wide text-roast uppercase">{t(figure.label)}</p>
          </div>
        ))}
      </section>

      <section>
        <h2 className="text-center text-3xl font-bold">{t('home.favouritesHeading')}</h2>
        <p className="mt-2 text-center text-roast">{t('home.favouritesIntro')}</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FAVOURITES.map((item) => (
            <li key={item.name} className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm">
              <span className={`flex size-28 items-center justify-center rounded-full bg-crema ${item.colour}`}>
                <CupIcon className="size-16" />
              </span>
              <h3 className="mt-4 text-xl font-bold">{item.name}</h3>
              <ul className="mt-3 space-y-1 text-sm text-roast">
                {item.notes.map((note) => (
                  <li key={note}>✓ {t(note)}</li>
                ))}
              </ul>
              <p className="mt-auto pt-6 font-display text-2xl font-bold">{formatIDR(item.price)}</p>
              <ButtonLink to="/product" variant="ghost" className="mt-4">
                {t('home.orderNow')}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col items-start gap-6 rounded-3xl bg-crema p-8 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold">{t('home.cardHeading')}</h2>
          <p className="mt-2 text-roast">{t('home.cardText', { amount: formatIDR(LANDING.memberCardMinimum) })}</p>
        </div>
        <ButtonLink to="/signup">{t('home.signUp')}</ButtonLink>
      </section>
    </div>
  );
}
