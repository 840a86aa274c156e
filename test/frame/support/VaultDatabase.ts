/** The device vault's IndexedDB database, reached directly as any script of the frame's origin could. */
import { databaseName } from "../../../frame/custody/DeviceVault.ts"

/** Deletes the database: a fresh browser profile for the next test. */
export const deleteVaultDatabase = () =>
  new Promise<void>((resolve, reject) => {
    const deleting = indexedDB.deleteDatabase(databaseName)
    deleting.addEventListener("success", () => resolve())
    deleting.addEventListener("error", () => reject(deleting.error))
  })

/** One request on the vault's object store, in its own transaction; its result once committed. */
export const onVaultStore = <A>(body: (store: IDBObjectStore) => IDBRequest<A>, mode: IDBTransactionMode = "readonly") =>
  new Promise<A>((resolve, reject) => {
    const opening = indexedDB.open(databaseName)
    opening.addEventListener("error", () => reject(opening.error))
    opening.addEventListener("success", () => {
      const db = opening.result
      const transaction = db.transaction(db.objectStoreNames[0]!, mode)
      const pending = body(transaction.objectStore(db.objectStoreNames[0]!))
      transaction.addEventListener("complete", () => {
        db.close()
        resolve(pending.result)
      })
      transaction.addEventListener("abort", () => reject(transaction.error))
    })
  })
