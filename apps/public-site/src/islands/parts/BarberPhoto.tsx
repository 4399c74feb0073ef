import { imageSrc, initials } from '../../lib/urls.js';

export function BarberPhoto({ name, src, size = 64 }: { name: string; src: string | null; size?: number }) {
  const url = imageSrc(src);
  const style = { width: size, height: size };
  if (!url) {
    return (
      <span className="photo photo-placeholder" style={{ ...style, fontSize: Math.round(size / 2.6) }} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return <img className="photo" src={url} alt={name} width={size} height={size} loading="lazy" decoding="async" style={style} />;
}
