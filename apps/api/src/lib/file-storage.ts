import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';

/**
 * Where uploaded files live (issue 15): transfer slips (private) and car pictures
 * (public). One small interface, two places: a folder on this machine (the
 * embedded default, `npm start`) or an S3-compatible bucket (AWS S3, Cloudflare
 * R2, MinIO, Wasabi) that every instance behind a load balancer shares.
 * Nothing here decides who may read a file: routes do (docs/decisions/1501).
 */
export interface FileStorage {
  /** Stores new content under a key; a key is never reused: storing under a used key fails. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The content, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Gone for good; a key already gone is fine. */
  delete(key: string): Promise<void>;
}

/** Folders and names of letters, digits, `_`, `-` and one dot: nothing that climbs out of the root. */
const KEY = /^(?:[a-z]+\/)+[A-Za-z0-9_-]+(?:\.[a-z0-9]+)?$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Bad storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files in a folder (DATA_DIR/uploads): readable by this process only (0600). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkedKey(key).split('/'));
  }

  async put(key: string, content: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content, { flag: 'wx', mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** A service other than AWS (R2, MinIO, Wasabi, a test's s3rver). */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket.host/key (AWS) or host/bucket/key (MinIO and most self-hosted services). */
  forcePathStyle?: boolean;
  /** Checksums only where S3 requires them (the default; S3-compatible stores take it), or always. */
  checksums?: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED';
}

/**
 * Objects in an S3-compatible bucket, through AWS's own SDK. The bucket stays
 * private: the site reads objects with its keys and serves them itself, so a
 * slip is never reachable by a URL and a picture is cached like any asset.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      requestChecksumCalculation: options.checksums ?? 'WHEN_REQUIRED',
      responseChecksumValidation: options.checksums ?? 'WHEN_REQUIRED',
      ...(options.endpoint && { endpoint: options.endpoint }),
      ...(options.accessKeyId &&
        options.secretAccessKey && {
          credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        }),
    };
    this.client = new S3Client(config);
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: checkedKey(key),
        Body: content,
        ContentType: contentType,
        // Create only: an issued document kept first by another instance is never replaced.
        IfNoneMatch: '*',
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: checkedKey(key) }),
      );
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: checkedKey(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

/** The storage the settings choose: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function fileStorageFromSettings(settings: {
  dataDir: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  S3_CHECKSUMS?: 'WHEN_REQUIRED' | 'WHEN_SUPPORTED';
}): FileStorage {
  if (!settings.S3_BUCKET) return new LocalFileStorage(path.join(settings.dataDir, 'uploads'));
  return new S3FileStorage({
    bucket: settings.S3_BUCKET,
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    accessKeyId: settings.S3_ACCESS_KEY_ID,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    checksums: settings.S3_CHECKSUMS,
  });
}

/** The same storage with every key inside one folder (`slips/…`, `cars/…`). */
export function storageFolder(storage: FileStorage, folder: string): FileStorage {
  return {
    put: (key, content, contentType) => storage.put(`${folder}/${key}`, content, contentType),
    get: (key) => storage.get(`${folder}/${key}`),
    delete: (key) => storage.delete(`${folder}/${key}`),
  };
}
