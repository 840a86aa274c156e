/**
 * The checkout page's script (served as /checkout.js, plain DOM, no build step): groups the card number in
 * fours while it is typed, and once the form is sent keeps the Pay button from sending it twice while the
 * tokens are delivered. The form works without it.
 */
const form = document.querySelector("form")
const number = document.querySelector("#card_number")
const pay = form?.querySelector("button[type=submit]")

if (number instanceof HTMLInputElement) {
  number.addEventListener("input", () => {
    const digits = number.value.replace(/\D/g, "").slice(0, 16)
    number.value = digits.replace(/(\d{4})(?=\d)/g, "$1 ")
  })
}

if (form !== null && pay instanceof HTMLButtonElement) {
  form.addEventListener("submit", () => {
    // Disabled after the submit event has fired, so the form still goes; a second click does not.
    pay.disabled = true
    pay.textContent = "Paying…"
  })
}
