import { createReadStream } from 'node:fs';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertBlobKey,
  assertDerivedKey,
  assertKeyPrefix,
  type BlobStore,
  isContentKey,
  type PutOptions,
  type PutResult,
  sha256Hex,
} from './blob-store.ts';

/** Connection settings for an S3-compatible object store (AWS S3, MinIO, Ceph, R2, …). */
export type S3Settings = {
  /** e.g. `https://s3.eu-central-2.example.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Signing region; most S3-compatible servers accept any, AWS wants the bucket's. */
  region?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; default true. */
  forcePathStyle?: boolean;
};

/**
 * Blob store on an S3-compatible object store. The object key is the blob key itself
 * (content keys have no `/`, derived keys always do, so the two never meet). S3 replaces an
 * object atomically on PUT, so readers never see a partial blob.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region ?? 'us-east-1',
      forcePathStyle: settings.forcePathStyle ?? true,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where the API demands them: several S3-compatible servers reject the
      // SDK's default CRC32 trailers. Content blobs still carry their SHA-256 (see put).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  /** Creates the bucket when it does not exist (development and tests; production pre-creates it). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async put(bytes: Uint8Array, options?: PutOptions): Promise<PutResult> {
    const sha256 = options?.sha256 ?? sha256Hex(bytes);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: sha256,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: options?.contentType ?? 'application/octet-stream',
        // The store verifies the upload against the hash the key promises.
        ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
      }),
    );
    return { key: sha256, sha256, size: bytes.byteLength };
  }

  async putFile(
    path: string,
    file: { sha256: string; size: number },
    options?: PutOptions,
  ): Promise<PutResult> {
    if (!isContentKey(file.sha256)) throw new Error('putFile: not a SHA-256');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: file.sha256,
        Body: createReadStream(path),
        ContentLength: file.size,
        ContentType: options?.contentType ?? 'application/octet-stream',
        ChecksumSHA256: Buffer.from(file.sha256, 'hex').toString('base64'),
      }),
    );
    return { key: file.sha256, sha256: file.sha256, size: file.size };
  }

  localPath(_key: string): string | null {
    return null;
  }

  async putAt(key: string, bytes: Uint8Array, options?: PutOptions): Promise<void> {
    assertDerivedKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: options?.contentType ?? 'application/octet-stream',
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | null> {
    assertBlobKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return new Uint8Array(0);
      return await res.Body.transformToByteArray();
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async has(key: string): Promise<boolean> {
    assertBlobKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertKeyPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const res = await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys, Quiet: true },
          }),
        );
        const failed = (res.Errors ?? []).filter((err) => err.Code !== 'NoSuchKey');
        if (failed.length > 0) {
          throw new Error(
            `S3 refused to delete ${failed.length} object(s) under ${prefix}: ${failed[0]?.Code} ${failed[0]?.Message}`,
          );
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }
}

function isNotFound(e: unknown): boolean {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  // A missing bucket is a configuration fault and must not read as "no such blob".
  if (err?.name === 'NoSuchBucket') return false;
  return (
    err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404
  );
}
