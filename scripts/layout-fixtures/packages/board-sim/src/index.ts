export const board = 'the simulated board';
