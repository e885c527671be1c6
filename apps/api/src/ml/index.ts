/** Learning code shared by the domains (decision 0011: other domains import it through this file). */
export { fitBoosted, treeValue, type BoostOptions, type Tree } from './boosted-trees.ts';
