/** The bucket and how to reach it, as configured (the S3_* variables, config.ts). */
export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** The most one call may take, its tries and its transfer included (S3_TIMEOUT). */
  timeoutMs: number;
  /** Tries per call, for failures the SDK deems passing (S3_MAX_ATTEMPTS). */
  maxAttempts: number;
};
