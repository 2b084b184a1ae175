import { useEffect, useRef } from 'react';

/**
 * The webcam's `<img>`. An MJPEG stream stays open as long as the element has its source, and a removed
 * element may wait for garbage collection: the source is dropped on unmount so the connection closes now.
 */
export function StreamImage({ src, alt, onError }: { src: string; alt: string; onError: () => void }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = image.current;
    return () => element?.removeAttribute('src');
  }, []);
  return (
    <img
      ref={image}
      src={src}
      alt={alt}
      height={480}
      className="d-block mx-auto machine-webcam"
      onError={onError}
    />
  );
}
