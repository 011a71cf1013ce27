/** The recipes filter's groups, by brewing method. */
export const recipeMethods = ['espresso', 'filter', 'cold', 'turkish', 'milk'] as const;
export type RecipeMethod = (typeof recipeMethods)[number];
