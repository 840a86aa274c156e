/** The connect button's label: "Connect Wallet" in the visitor's language, then the registered name, else the shortened address. */
import { describe, expect, it } from "vitest"
import { buttonModel } from "../../ui/buttonModel.ts"
import { buttonLabels } from "../../ui/i18n/buttonLabel.ts"

describe("buttonModel", () => {
  it("labels the button with the registered name once it is known, else the shortened address", () => {
    const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    expect(buttonModel({}, "de", undefined, "ada.portico.id").label).toBe(buttonLabels.de)
    expect(buttonModel({}, "de", address).label).toBe("0x7099…79C8")
    expect(buttonModel({}, "ar", address, "ada.portico.id").label).toBe("ada.portico.id")
  })
})
