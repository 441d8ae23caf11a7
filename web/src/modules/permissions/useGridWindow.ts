import { useLayoutEffect, useRef, useState } from 'react';

/** A run of grid columns or rows: from `start` up to, not including, `end`. */
export interface GridSpan {
  start: number;
  end: number;
}

export interface GridAxis {
  /** How many columns (or rows) the grid has in all. */
  count: number;
  /** Width of each column (or height of each row) in pixels: every one is the same size. */
  size: number;
  /** Pixels of the scrolled area before the first one: a sticky heading column, the header rows. */
  offset: number;
  /** How many to draw beyond each side of the visible part, so that a short scroll shows no gap. */
  overscan: number;
  /** How many to draw while the viewport has no size yet (before layout, or where there is none). */
  initial: number;
}

/** Columns, rows or both are windowed: each only when its axis is given. */
export interface GridWindowOptions {
  columns?: GridAxis;
  rows?: GridAxis;
}

export interface GridWindow {
  /** The ref callback for the scrolling element. */
  bindViewport(element: HTMLElement | null): void;
  /** Every column when `columns` is not given. */
  columns: GridSpan;
  /** Every row when `rows` is not given. */
  rows: GridSpan;
  /** The scrolling element's inner width as last measured (0 before that). */
  viewportWidth: number;
}

/**
 * The columns (rows) of `axis` to draw when the viewport shows `visible` pixels from `scrolled` on: those in
 * view and `overscan` either side, or the first `initial` while the viewport has no size.
 */
export function spanOf(axis: GridAxis, scrolled: number, visible: number): GridSpan {
  if (visible <= 0) return { start: 0, end: Math.min(axis.count, axis.initial) };
  const first = Math.floor(Math.max(0, scrolled - axis.offset) / axis.size);
  const last = Math.ceil(Math.max(0, scrolled + visible - axis.offset) / axis.size);
  return {
    start: Math.max(0, Math.min(first - axis.overscan, axis.count)),
    end: Math.min(axis.count, last + axis.overscan),
  };
}

const everything: GridSpan = { start: 0, end: Number.MAX_SAFE_INTEGER };

/** The span along an axis, or everything when the axis is not windowed. */
function spanAlong(axis: GridAxis | undefined, scrolled: number, visible: number): GridSpan {
  return axis ? spanOf(axis, scrolled, visible) : everything;
}

const sameSpan = (a: GridSpan, b: GridSpan) => a.start === b.start && a.end === b.end;

interface Viewport {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The columns (and rows) of a big grid that are in view of its scrolling element, plus some either side: a grid
 * of 200 members by 25 features would otherwise put 5,000 drop-downs in the page at once. Every column (row)
 * has the same size, so the span follows from the scroll position alone; the state changes only when the span
 * does, not on every scroll event.
 */
export function useGridWindow({ columns, rows }: GridWindowOptions): GridWindow {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [viewport, setViewport] = useState<Viewport>({ left: 0, top: 0, width: 0, height: 0 });
  // The scroll handler compares spans with the sizes of the latest render, without subscribing again.
  const axes = useRef({ columns, rows });
  useLayoutEffect(() => {
    axes.current = { columns, rows };
  });

  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const next: Viewport = {
        left: element.scrollLeft,
        top: element.scrollTop,
        width: element.clientWidth,
        height: element.clientHeight,
      };
      const { columns: across, rows: down } = axes.current;
      setViewport((current) => {
        // The old state (so no render) while the same columns and rows stay in view.
        const unchanged =
          current.width === next.width &&
          current.height === next.height &&
          sameSpan(
            spanAlong(across, current.left, current.width),
            spanAlong(across, next.left, next.width),
          ) &&
          sameSpan(spanAlong(down, current.top, current.height), spanAlong(down, next.top, next.height));
        return unchanged ? current : next;
      });
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [element]);

  return {
    bindViewport: setElement,
    viewportWidth: viewport.width,
    columns: spanAlong(columns, viewport.left, viewport.width),
    rows: spanAlong(rows, viewport.top, viewport.height),
  };
}
