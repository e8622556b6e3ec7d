import { ButtonLink } from '../../components/ui/button';
import { TEXT } from '../../lib/texts';

export function NotFoundPage() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-4xl font-bold">Page not found</h1>
      <p className="mt-4 text-roast">{TEXT.notFound}</p>
      <ButtonLink to="/product" className="mt-8">
        See the menu
      </ButtonLink>
    </section>
  );
}
