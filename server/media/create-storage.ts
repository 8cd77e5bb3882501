import type { Config } from "../config.ts";
import { createLocalStorage, type Storage } from "./storage.ts";

/** The media storage the settings ask for: the local folder under DATA_DIR for now. */
export function createStorage(config: Config): Storage {
  return createLocalStorage(config.mediaDir);
}
