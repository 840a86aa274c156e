/** Copying an account's address to the clipboard, told in a toast either way. */
import { useModalContext } from "../ModalContext.ts"

export const useCopyAddress = (address: string) => {
  const { engine, t } = useModalContext()
  return () =>
    void navigator.clipboard.writeText(address).then(
      () => engine.showToast({ message: t("addressCopied"), variant: "success" }),
      () => engine.showToast({ message: t("copyFailed"), variant: "error" })
    )
}
