/** How versions before 4.0.0 get Dog.age back: `computed` (Mode A, real values) or `placeholder` (Mode B, -1). */
export type AgeRemoval = 'computed' | 'placeholder';

export const AGE_REMOVALS: readonly AgeRemoval[] = ['computed', 'placeholder'];
