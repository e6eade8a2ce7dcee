import { useLayoutEffect, useRef } from 'react';
import { watchCut } from './reading-cut';

/**
 * A name with letters of both directions in a one-line cell (the transactions list), cut keeping its
 * beginning in reading order (reading-cut.ts). Only such names take it: the others stay a plain
 * <bdi> cut by CSS, with nothing to observe or measure per row. The drawn cut is hidden from screen
 * readers, which read the whole name beside it (as they read a name CSS cut).
 */
export function TwoDirectionName({ name, className }: { name: string; className?: string }) {
  const box = useRef<HTMLElement>(null);
  useLayoutEffect(() => (box.current ? watchCut(box.current, { name }) : undefined), [name]);
  return (
    <>
      <bdi ref={box} className={className} aria-hidden="true">{name}</bdi>
      <span className="visually-hidden">{name}</span>
    </>
  );
}
