/**
 * Vision domain (issue 17, image search; decision 0011 names its home): image vectors from the
 * MobileNetV2 bundled in nsfwjs plus a colour signature (`model.ts`, `features.ts`), computed in a
 * worker thread (`embedder.ts`), stored in `image_vectors` (`store.ts`), searched exactly in memory
 * (`knn.ts`, `service.ts`), filled by the `image-embed` job (`jobs.ts`) and served by `routes.ts`.
 */
export { VisionService, IDENTICAL_THRESHOLD, type SimilarityFilter, type EmbedRunReport } from './service.ts';
export { visionJobs, watchCatalogForImages, IMAGE_EMBED_JOB } from './jobs.ts';
export { visionRoutes, type VisionRouteOptions } from './routes.ts';
export { createImageEmbedder, ImageDecodeError, type ImageEmbedder, type RawFeatures } from './embedder.ts';
export { VectorMatrix, type Neighbour } from './knn.ts';
export { combineVector, VECTOR_DIMS, COLOUR_DIMS } from './features.ts';
export { VECTOR_MODEL } from './store.ts';
