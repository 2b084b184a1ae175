export const duet = 'the Duet API';
