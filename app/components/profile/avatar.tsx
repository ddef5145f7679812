/** The profile photo, or the initial on the pitch colour when there is none. */
export function Avatar({ name, url, size = 'lg' }: { name: string; url: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-24 w-24 text-3xl' : 'h-12 w-12 text-lg';
  if (url) return <img src={url} alt={name} className={`${box} shrink-0 rounded-full object-cover ring-4 ring-white shadow`} />;
  return (
    <span aria-hidden="true" className={`${box} flex shrink-0 items-center justify-center rounded-full bg-pitch-600 font-bold text-white ring-4 ring-white shadow`}>
      {name.trim().charAt(0).toUpperCase() || 'U'}
    </span>
  );
}
