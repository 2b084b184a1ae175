/** The clock every module reads; tests move a manual one instead of waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
