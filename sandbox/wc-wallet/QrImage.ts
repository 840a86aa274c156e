/**
 * Reads the text of a QR code in an image file (a screenshot of a dapp's WalletConnect QR code), in the
 * browser: the image is drawn on a canvas and its pixels scanned with jsQR.
 */
import jsQR from "jsqr"

/** The QR code's text, or undefined when the image holds no readable QR code. */
export const decodeQrImage = async (file: Blob): Promise<string | undefined> => {
  const bitmap = await createImageBitmap(file)
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext("2d")
    if (context === null) return undefined
    context.drawImage(bitmap, 0, 0)
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    return jsQR(data, width, height)?.data
  } finally {
    bitmap.close()
  }
}
