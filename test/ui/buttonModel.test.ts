/** The connect button's label: "Connect Wallet" in the page's language, then the registered name, else the shortened address. */
import { describe, expect, it } from "vitest"
import { buttonModel } from "../../ui/buttonModel.ts"

describe("buttonModel", () => {
  it("labels the button with the registered name once it is known, else the shortened address", () => {
    const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    expect(buttonModel({ locale: "de" }, undefined, "ada.portico.id").label).toBe(buttonModel({ locale: "de" }, undefined).label)
    expect(buttonModel({}, address).label).toBe("0x7099…79C8")
    expect(buttonModel({}, address, "ada.portico.id").label).toBe("ada.portico.id")
  })
})
