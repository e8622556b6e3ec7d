import { imageSources } from '../../../lib/image-url';

/** A profile picture, or the first letter of the name while there is none. */
export function Avatar({ image, name, className = 'size-10' }: { image: string | null | undefined; name: string; className?: string }) {
  if (image) return <img {...imageSources(image, 160)} alt="" className={`${className} rounded-full object-cover ring-2 ring-honey`} />;
  return (
    <span
      aria-hidden="true"
      className={`${className} flex items-center justify-center rounded-full bg-honey font-bold text-espresso uppercase`}
    >
      {name.slice(0, 1) || '?'}
    </span>
  );
}
