/**
 * Where it hurts: the body outline's regions (shared/intake/body-map.tsx). Each is a box of the
 * figure in its view (front, back, or both), in the outline's own units (a figure is 120 × 246),
 * and a line of the list of regions, which is the accessible equal of the outline. Left and
 * right are the patient's own: on the front view their left is on the viewer's right.
 */
export type BodyView = 'front' | 'back';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  r: number;
}

export interface BodyRegion {
  id: string;
  label: string;
  group: string;
  front?: Box;
  back?: Box;
}

export const FIGURE = { width: 120, height: 246 } as const;

const box = (x: number, y: number, w: number, h: number, r: number): Box => ({ x, y, w, h, r });
/** The patient's right side on the front view is the viewer's left, and on the back view the viewer's right. */
const sides = (leftFront: Box, rightFront: Box) => ({ left: { front: leftFront, back: rightFront }, right: { front: rightFront, back: leftFront } });

const shoulder = sides(box(76, 48, 22, 14, 7), box(22, 48, 22, 14, 7));
const arm = sides(box(82, 64, 16, 44, 7), box(22, 64, 16, 44, 7));
const hand = sides(box(84, 110, 16, 26, 7), box(20, 110, 16, 26, 7));
const thigh = sides(box(62, 138, 16, 40, 6), box(42, 138, 16, 40, 6));
const knee = sides(box(63, 180, 14, 14, 7), box(43, 180, 14, 14, 7));
const leg = sides(box(64, 196, 13, 32, 6), box(43, 196, 13, 32, 6));
const foot = sides(box(64, 230, 18, 12, 5), box(38, 230, 18, 12, 5));

export const REGION_GROUPS = ['Head, neck and shoulders', 'Back', 'Front of the body', 'Arms', 'Legs'] as const;

export const BODY_REGIONS: readonly BodyRegion[] = [
  { id: 'head', label: 'Head or face', group: 'Head, neck and shoulders', front: box(46, 3, 28, 34, 14), back: box(46, 3, 28, 34, 14) },
  { id: 'neck', label: 'Neck', group: 'Head, neck and shoulders', front: box(53, 38, 14, 9, 3), back: box(53, 38, 14, 9, 3) },
  { id: 'shoulder-left', label: 'Left shoulder', group: 'Head, neck and shoulders', ...shoulder.left },
  { id: 'shoulder-right', label: 'Right shoulder', group: 'Head, neck and shoulders', ...shoulder.right },
  { id: 'upper-back', label: 'Upper back, between the shoulder blades', group: 'Back', back: box(44, 48, 32, 22, 5) },
  { id: 'mid-back', label: 'Middle back', group: 'Back', back: box(44, 72, 32, 20, 5) },
  { id: 'lower-back', label: 'Lower back', group: 'Back', back: box(44, 94, 32, 20, 5) },
  { id: 'buttock-left', label: 'Left buttock', group: 'Back', back: box(44, 116, 15, 20, 5) },
  { id: 'buttock-right', label: 'Right buttock', group: 'Back', back: box(61, 116, 15, 20, 5) },
  { id: 'chest', label: 'Chest', group: 'Front of the body', front: box(44, 48, 32, 34, 5) },
  { id: 'abdomen', label: 'Stomach area', group: 'Front of the body', front: box(44, 84, 32, 30, 5) },
  { id: 'hip-left', label: 'Left hip or groin', group: 'Front of the body', front: box(61, 116, 15, 20, 5) },
  { id: 'hip-right', label: 'Right hip or groin', group: 'Front of the body', front: box(44, 116, 15, 20, 5) },
  { id: 'arm-left', label: 'Left upper arm or elbow', group: 'Arms', ...arm.left },
  { id: 'arm-right', label: 'Right upper arm or elbow', group: 'Arms', ...arm.right },
  { id: 'hand-left', label: 'Left forearm, wrist or hand', group: 'Arms', ...hand.left },
  { id: 'hand-right', label: 'Right forearm, wrist or hand', group: 'Arms', ...hand.right },
  { id: 'thigh-left', label: 'Left thigh', group: 'Legs', ...thigh.left },
  { id: 'thigh-right', label: 'Right thigh', group: 'Legs', ...thigh.right },
  { id: 'knee-left', label: 'Left knee', group: 'Legs', ...knee.left },
  { id: 'knee-right', label: 'Right knee', group: 'Legs', ...knee.right },
  { id: 'leg-left', label: 'Left lower leg', group: 'Legs', ...leg.left },
  { id: 'leg-right', label: 'Right lower leg', group: 'Legs', ...leg.right },
  { id: 'foot-left', label: 'Left ankle or foot', group: 'Legs', ...foot.left },
  { id: 'foot-right', label: 'Right ankle or foot', group: 'Legs', ...foot.right },
];

export const REGION_IDS: readonly string[] = BODY_REGIONS.map((r) => r.id);

export const regionLabel = (id: string) => BODY_REGIONS.find((r) => r.id === id)?.label ?? id;

/** The checkbox of a region in the list: the outline's labels point at it, its CSS colours the outline. */
export const regionInputId = (id: string) => `region-${id}`;
