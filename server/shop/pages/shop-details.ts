import { echoAction } from '../../platform/render/echo-action';

/** The demonstration shop's forms change nothing: each comes back with what was typed and says so (ADR 0003). */
export const action = echoAction;
