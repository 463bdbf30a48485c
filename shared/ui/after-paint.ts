/**
 * `run` in the first task after the next frame has painted (a frame's callbacks run before its
 * paint), so what a tap changed is on screen before heavier work starts. A hidden page paints no
 * frames: then in the next task.
 */
export function afterPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}
