import { Suspense, use, useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * One gate per deferred section: a promise the section's render waits on during the first
 * hydration, opened when the section nears the viewport (or is touched or focused).
 */
const gates = new Map<string, { promise: Promise<void>; open: () => void }>();
function gate(id: string) {
  let g = gates.get(id);
  if (!g) {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    g = { promise, open };
    gates.set(id, g);
  }
  return g;
}

/** True in the browser until the first hydration has committed (shared/app/root.tsx sets the flag). */
const hydrating = () => typeof document !== 'undefined' && document.documentElement.dataset.hydrated !== 'true';

function Gate({ id, children }: { id: string; children: ReactNode }) {
  // Suspending while hydrating keeps the server HTML as it is (visible, links working) and
  // leaves this part out of the first hydration; React hydrates it when the gate opens.
  // After the first hydration (client navigation, or an update from above) it never waits.
  if (hydrating()) use(gate(id).promise);
  return children;
}

/**
 * Hydrate a below-the-fold section only when it comes near the viewport. The server HTML is
 * the same; the first hydration does less work (less main-thread time on the large pages).
 * The wrapper is `display: contents`, so it takes no part in the layout.
 */
export function DeferHydration({ children }: { children: ReactNode }) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const g = gate(id);
    const root = ref.current;
    const target = root?.firstElementChild;
    if (!root || !target || typeof IntersectionObserver === 'undefined') {
      g.open();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) open();
      },
      { rootMargin: '400px 0px' },
    );
    const open = () => {
      observer.disconnect();
      root.removeEventListener('pointerdown', open, true);
      root.removeEventListener('focusin', open, true);
      g.open();
    };
    observer.observe(target);
    root.addEventListener('pointerdown', open, true);
    root.addEventListener('focusin', open, true);
    return () => {
      observer.disconnect();
      root.removeEventListener('pointerdown', open, true);
      root.removeEventListener('focusin', open, true);
    };
  }, [id]);
  return (
    <div ref={ref} className="defer-hydration">
      <Suspense fallback={null}>
        <Gate id={id}>{children}</Gate>
      </Suspense>
    </div>
  );
}
