/** हिन्दी: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const hi: PanelTable = {
  loading: "लोड हो रहा है…",
  ended: "यह अनुरोध अब आपका इंतज़ार नहीं कर रहा है।",
  sessionExpired: "सत्र समाप्त: फिर से साइन इन करें।",
  failed: "कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।",
  approve: {
    titles: {
      personal_sign: "संदेश पर साइन करें",
      eth_signTypedData_v4: "संरचित डेटा पर साइन करें",
      eth_sendTransaction: "लेन-देन भेजें",
      wallet_sendCalls: "कॉल भेजें",
      solana_signMessage: "संदेश पर साइन करें",
      solana_signTransaction: "लेन-देन पर साइन करें",
      solana_signAllTransactions: "लेन-देनों पर साइन करें",
      solana_signAndSendTransaction: "लेन-देन भेजें"
    },
    fallbackTitle: "अनुरोध स्वीकृत करें",
    network: "नेटवर्क",
    from: "भेजने वाला",
    to: "प्राप्तकर्ता",
    contractCreation: "नया कॉन्ट्रैक्ट",
    value: "राशि",
    call: "कॉल",
    data: "डेटा",
    message: "संदेश",
    typedDataType: "प्रकार",
    domain: "डोमेन",
    programs: "प्रोग्राम",
    transaction: "लेन-देन {index}/{count}",
    fee: "नेटवर्क शुल्क (अधिकतम)",
    approve: "स्वीकृत करें",
    reject: "अस्वीकार करें",
    approved: "स्वीकृत",
    rejected: "अस्वीकृत"
  },
  setup: {
    title: "अपना वॉलेट सुरक्षित करें",
    intro: "अगर यह ब्राउज़र आपका वॉलेट भूल जाए, तो आप उसे पासकी या रिकवरी कोड से वापस पा सकते हैं।",
    passkey: "पासकी बनाएँ",
    useCode: "इसके बजाय रिकवरी कोड इस्तेमाल करें",
    codeIntro: "यह रिकवरी कोड लिख लें और सुरक्षित रखें। यह सिर्फ़ एक बार दिखाया जाता है।",
    saved: "मैंने अपना रिकवरी कोड सहेज लिया है",
    finish: "मेरा वॉलेट बनाएँ",
    passkeyUnavailable: "यह पासकी आपके वॉलेट को सुरक्षित नहीं कर सकती। इसके बजाय रिकवरी कोड इस्तेमाल करें।",
    passkeyCancelled: "पासकी नहीं बनी। फिर से कोशिश करें या रिकवरी कोड इस्तेमाल करें।",
    done: "आपका वॉलेट तैयार है।"
  },
  recover: {
    title: "अपना वॉलेट रिकवर करें",
    introPasskey: "यह ब्राउज़र अभी आपके वॉलेट को नहीं जानता। इसे अपनी पासकी से खोलें।",
    introCode: "यह ब्राउज़र अभी आपके वॉलेट को नहीं जानता। इसे खोलने के लिए अपना रिकवरी कोड दर्ज करें।",
    passkey: "मेरी पासकी इस्तेमाल करें",
    codeLabel: "रिकवरी कोड",
    submit: "रिकवर करें",
    invalidCode: "यह रिकवरी कोड नहीं है: टाइपिंग की गलतियाँ जाँचें।",
    wrongFactor: "यह कोड आपका वॉलेट नहीं खोलता।",
    passkeyCancelled: "पासकी का इस्तेमाल नहीं हुआ। फिर से कोशिश करें।",
    done: "आपका वॉलेट खुल गया है।"
  },
  export: {
    title: "अपनी कुंजियाँ एक्सपोर्ट करें",
    warning: "जो भी इन्हें देखेगा, वह आपके वॉलेट से सब कुछ ले सकता है। इन्हें कभी किसी से साझा न करें, और सिर्फ़ वहीं दिखाएँ जहाँ कोई न देख रहा हो।",
    show: "मेरी कुंजियाँ दिखाएँ",
    cancel: "रद्द करें",
    phrase: "रिकवरी फ़्रेज़",
    evmKey: "EVM प्राइवेट की",
    solanaKey: "Solana प्राइवेट की",
    copy: "कॉपी करें",
    copied: "कॉपी हो गया",
    copyFailed: "यहाँ कॉपी करने की अनुमति नहीं है: इसके बजाय टेक्स्ट चुनें।",
    done: "हो गया"
  }
}

export default hi
